-- benches/bc/awfy_sieve.bc, statement for statement: records in one preallocated
-- array (no table per object), as in benches/c/awfy_sieve.c.
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

local function sieve(flags, size)
  local count = 0
  for i = 2, size do
    if mem[flags + 1 + i - 1] ~= 0 then
      count = count + 1
      for k = i + i, size, i do mem[flags + 1 + k - 1] = 0 end
    end
  end
  return count
end

local function benchmark()
  mem[0] = 16
  local flags = new_array(5000)
  for i = 0, 4999 do mem[flags + 1 + i] = 1 end
  return sieve(flags, 5000)
end

local iterations, total = tonumber(arg[1]), 0
for _ = 1, iterations do total = total + benchmark() end
print(string.format("%d", total))
