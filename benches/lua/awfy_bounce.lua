-- benches/bc/awfy_bounce.bc, statement for statement: records in one preallocated
-- array (no table per object), as in benches/c/awfy_bounce.c.
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

local function new_ball(random)
  local b = alloc(4)
  mem[b] = random_next(random) % 500
  mem[b + 1] = random_next(random) % 500
  mem[b + 2] = random_next(random) % 300 - 150
  mem[b + 3] = random_next(random) % 300 - 150
  return b
end

local function abs(x)
  if x < 0 then return -x end
  return x
end

local function bounce(b)
  local bounced = false
  mem[b] = mem[b] + mem[b + 2]
  mem[b + 1] = mem[b + 1] + mem[b + 3]
  if mem[b] > 500 then mem[b] = 500; mem[b + 2] = 0 - abs(mem[b + 2]); bounced = true end
  if mem[b] < 0 then mem[b] = 0; mem[b + 2] = abs(mem[b + 2]); bounced = true end
  if mem[b + 1] > 500 then mem[b + 1] = 500; mem[b + 3] = 0 - abs(mem[b + 3]); bounced = true end
  if mem[b + 1] < 0 then mem[b + 1] = 0; mem[b + 3] = abs(mem[b + 3]); bounced = true end
  return bounced
end

local function benchmark()
  mem[0] = 16
  local random = new_random()
  local balls = new_array(100)
  for i = 0, 99 do mem[balls + 1 + i] = new_ball(random) end
  local bounces = 0
  for _ = 0, 49 do
    for j = 0, mem[balls] - 1 do
      if bounce(mem[balls + 1 + j]) then bounces = bounces + 1 end
    end
  end
  return bounces
end

local iterations, total = tonumber(arg[1]), 0
for _ = 1, iterations do total = total + benchmark() end
print(string.format("%d", total))
