-- benches/bc/quicksort.bc, statement for statement (a table for memory)
local mem = {}

local function fill(n)
  local x = 42
  for i = 0, n - 1 do
    x = (x * 16807) % 2147483647
    mem[i] = x
  end
end

local function sort(lo, hi)
  if lo >= hi then return end
  local mid = (lo + hi - (lo + hi) % 2) / 2
  local p = mem[mid]
  mem[mid] = mem[hi]
  mem[hi] = p
  local s = lo
  for i = lo, hi - 1 do
    local v = mem[i]
    if v < p then
      mem[i] = mem[s]
      mem[s] = v
      s = s + 1
    end
  end
  mem[hi] = mem[s]
  mem[s] = p
  sort(lo, s - 1)
  sort(s + 1, hi)
end

local n = tonumber(arg[1])
fill(n)
sort(0, n - 1)
local ok = 1
for i = 1, n - 1 do
  if mem[i - 1] > mem[i] then ok = 0 end
end
print(string.format("%d", mem[0]))
print(string.format("%d", mem[(n - n % 2) / 2]))
print(string.format("%d", mem[n - 1]))
print(string.format("%d", ok))
