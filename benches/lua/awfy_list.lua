-- benches/bc/awfy_list.bc, statement for statement: records in one preallocated
-- array (no table per object), as in benches/c/awfy_list.c.
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

local function make_list(length)
  if length == 0 then return 0 end
  local e = alloc(2)
  mem[e] = length
  mem[e + 1] = 0
  mem[e + 1] = make_list(length - 1)
  return e
end

local function is_shorter_than(x, y)
  local x_tail, y_tail = x, y
  while y_tail ~= 0 do
    if x_tail == 0 then return true end
    x_tail = mem[x_tail + 1]
    y_tail = mem[y_tail + 1]
  end
  return false
end

local function tail(x, y, z)
  if is_shorter_than(y, x) then
    return tail(tail(mem[x + 1], y, z), tail(mem[y + 1], z, x), tail(mem[z + 1], x, y))
  end
  return z
end

local function length(e)
  if mem[e + 1] == 0 then return 1 end
  return 1 + length(mem[e + 1])
end

local function benchmark()
  mem[0] = 16
  local x = make_list(15)
  local y = make_list(10)
  local z = make_list(6)
  return length(tail(x, y, z))
end

local iterations, total = tonumber(arg[1]), 0
for _ = 1, iterations do total = total + benchmark() end
print(string.format("%d", total))
