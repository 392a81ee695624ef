-- benches/bc/awfy_queens.bc, statement for statement: records in one preallocated
-- array (no table per object), as in benches/c/awfy_queens.c.
local mem = {}
for i = 0, 65535 do mem[i] = 0 end

-- The heap: mem[0] holds the bump pointer; objects start at 16.
local function alloc(n)
  local p = mem[0]
  mem[0] = p + n
  return p
end

-- An array is [length, element 0, element 1, ...], its elements cleared.
local function new_array(n)
  local a = alloc(n + 1)
  mem[a] = n
  for i = 0, n - 1 do mem[a + 1 + i] = 0 end
  return a
end

-- A failed check in the original throws.
local function fail()
  error("error")
end

local function new_filled(n, value)
  local a = new_array(n)
  for i = 0, n - 1 do mem[a + 1 + i] = value end
  return a
end

local function get_row_column(q, r, c)
  return mem[mem[q] + 1 + r] ~= 0 and mem[mem[q + 1] + 1 + c + r] ~= 0
    and mem[mem[q + 2] + 8 + c - r] ~= 0
end

local function set_row_column(q, r, c, v)
  mem[mem[q] + 1 + r] = v
  mem[mem[q + 1] + 1 + c + r] = v
  mem[mem[q + 2] + 8 + c - r] = v
end

local function place_queen(q, c)
  for r = 0, 7 do
    if get_row_column(q, r, c) then
      mem[mem[q + 3] + 1 + r] = c
      set_row_column(q, r, c, 0)
      if c == 7 then return true end
      if place_queen(q, c + 1) then return true end
      set_row_column(q, r, c, 1)
    end
  end
  return false
end

local function queens(q)
  mem[q] = new_filled(8, 1)
  mem[q + 1] = new_filled(16, 1)
  mem[q + 2] = new_filled(16, 1)
  mem[q + 3] = new_filled(8, -1)
  return place_queen(q, 0)
end

local function benchmark()
  mem[0] = 16
  local q = alloc(4)
  local result = true
  for _ = 1, 10 do result = result and queens(q) end
  return result and 1 or 0
end

local iterations, total = tonumber(arg[1]), 0
for _ = 1, iterations do total = total + benchmark() end
print(string.format("%d", total))
