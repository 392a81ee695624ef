-- benches/bc/monte_carlo.bc, statement for statement (a table for the
-- memory)
local mem = {}
local floor = math.floor

local function seed(s)
  local jseed = s
  if jseed < 0 then jseed = -jseed end
  if jseed > 2147483647 then jseed = 2147483647 end
  if jseed % 2 == 0 then jseed = jseed - 1 end
  local k0, k1 = 9069 % 65536, floor(9069 / 65536)
  local j0, j1 = jseed % 65536, floor(jseed / 65536)
  for l = 0, 16 do
    jseed = j0 * k0
    j1 = (floor(jseed / 65536) + j0 * k1 + j1 * k0) % 32768
    j0 = jseed % 65536
    mem[l + 2] = j1 * 65536 + j0
  end
  mem[0] = 4
  mem[1] = 16
end

local function next_double(r)
  local i, j = mem[r], mem[r + 1]
  local k = mem[r + i + 2] - mem[r + j + 2]
  if k < 0 then k = k + 2147483647 end
  mem[r + j + 2] = k
  if i == 0 then i = 17 end
  mem[r] = i - 1
  if j == 0 then j = 17 end
  mem[r + 1] = j - 1
  local dm1 = 1.0 / 2147483647.0
  return dm1 * k
end

local n = tonumber(arg[1])
seed(113)
local under = 0
for _ = 1, n do
  local x = next_double(0)
  local y = next_double(0)
  local s = x * x + y * y
  if s <= 1.0 then under = under + 1 end
end
print(string.format("%d", under))
print(string.format("%.9f", under / n * 4.0))
