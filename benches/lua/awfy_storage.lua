-- benches/bc/awfy_storage.bc, statement for statement: records in one preallocated
-- array (no table per object), as in benches/c/awfy_storage.c.
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

-- Are-We-Fast-Yet's Random: a record {seed}.
local function new_random()
  local r = alloc(1)
  mem[r] = 74755
  return r
end

local function random_next(r)
  local seed = mem[r]
  seed = (seed * 1309 + 13849) % 65536
  mem[r] = seed
  return seed
end

local function build_tree_depth(s, depth, random)
  mem[s] = mem[s] + 1
  if depth == 1 then return new_array(random_next(random) % 10 + 1) end
  local arr = new_array(4)
  for i = 0, 3 do mem[arr + 1 + i] = build_tree_depth(s, depth - 1, random) end
  return arr
end

local function benchmark()
  mem[0] = 16
  local random = new_random()
  local s = alloc(1)
  mem[s] = 0
  build_tree_depth(s, 7, random)
  return mem[s]
end

local iterations, total = tonumber(arg[1]), 0
for _ = 1, iterations do total = total + benchmark() end
print(string.format("%d", total))
