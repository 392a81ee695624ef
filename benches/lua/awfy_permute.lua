-- benches/bc/awfy_permute.bc, statement for statement: records in one preallocated
-- array (no table per object), as in benches/c/awfy_permute.c.
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

local function swap(p, i, j)
  local tmp = mem[mem[p + 1] + 1 + i]
  mem[mem[p + 1] + 1 + i] = mem[mem[p + 1] + 1 + j]
  mem[mem[p + 1] + 1 + j] = tmp
end

local function permute(p, n)
  mem[p] = mem[p] + 1
  if n ~= 0 then
    local n1 = n - 1
    permute(p, n1)
    for i = n1, 0, -1 do
      swap(p, n1, i)
      permute(p, n1)
      swap(p, n1, i)
    end
  end
end

local function benchmark()
  mem[0] = 16
  local p = alloc(2)
  mem[p] = 0
  mem[p + 1] = new_array(6)
  permute(p, 6)
  return mem[p]
end

local iterations, total = tonumber(arg[1]), 0
for _ = 1, iterations do total = total + benchmark() end
print(string.format("%d", total))
