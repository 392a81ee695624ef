-- benches/bc/binary_trees.bc, statement for statement: nodes of two cells
-- bump-allocated in one preallocated array (no table per node), index 0
-- holding the bump pointer.
local mem = {}
for i = 0, 8388607 do mem[i] = 0 end

local function make(depth, heap)
  local node = mem[heap]
  mem[heap] = node + 2
  if depth == 0 then
    mem[node] = 0
    mem[node + 1] = 0
    return node
  end
  local l = make(depth - 1, heap)
  local r = make(depth - 1, heap)
  mem[node] = l
  mem[node + 1] = r
  return node
end

local function check(node)
  local l = mem[node]
  if l == 0 then return 1 end
  local a = check(l)
  local b = check(mem[node + 1])
  return a + b + 1
end

local max, rounds, total = tonumber(arg[1]), tonumber(arg[2]), 0
for _ = 1, rounds do
  for depth = 4, max, 2 do
    mem[0] = 2
    local t = make(depth, 0)
    total = total + check(t)
  end
end
print(string.format("%d", total))
