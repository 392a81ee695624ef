-- benches/bc/awfy_towers.bc, statement for statement: records in one preallocated
-- array (no table per object), as in benches/c/awfy_towers.c.
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

local function new_disk(size)
  local d = alloc(2)
  mem[d] = size
  mem[d + 1] = 0
  return d
end

local function push_disk(t, disk, pile)
  local slot = mem[t] + pile
  local top = mem[slot + 1]
  if top ~= 0 and mem[disk] >= mem[top] then fail() end
  mem[disk + 1] = top
  mem[slot + 1] = disk
end

local function pop_disk_from(t, pile)
  local slot = mem[t] + pile
  local top = mem[slot + 1]
  if top == 0 then fail() end
  mem[slot + 1] = mem[top + 1]
  mem[top + 1] = 0
  return top
end

local function move_top_disk(t, from, to)
  push_disk(t, pop_disk_from(t, from), to)
  mem[t + 1] = mem[t + 1] + 1
end

local function build_tower_at(t, pile, disks)
  for i = disks, 0, -1 do push_disk(t, new_disk(i), pile) end
end

local function move_disks(t, disks, from, to)
  if disks == 1 then
    move_top_disk(t, from, to)
    return
  end
  local other = 3 - from - to
  move_disks(t, disks - 1, from, other)
  move_top_disk(t, from, to)
  move_disks(t, disks - 1, other, to)
end

local function benchmark()
  mem[0] = 16
  local t = alloc(2)
  mem[t] = new_array(3)
  mem[t + 1] = 0
  build_tower_at(t, 0, 13)
  mem[t + 1] = 0
  move_disks(t, 13, 0, 1)
  return mem[t + 1]
end

local iterations, total = tonumber(arg[1]), 0
for _ = 1, iterations do total = total + benchmark() end
print(string.format("%d", total))
