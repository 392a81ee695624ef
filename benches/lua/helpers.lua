-- benches/bc/helpers.bc, statement for statement (every value stays an
-- exact integer in a double, so LuaJIT and Lua 5.4 agree with it)
local function abs(x) if x >= 0 then return x end return 0 - x end
local function min(a, b) if a <= b then return a end return b end
local function max(a, b) if a >= b then return a end return b end
local function clamp(x, lo, hi) x = max(x, lo); return min(x, hi) end
local function step(s) return s * 16807 % 2147483647 end

local n = tonumber(arg[1])
local s, acc = 42, 0
for _ = 1, n do
  s = step(s)
  local v = s - 1073741824
  local a = abs(v)
  local c = clamp(v, -1000000, 1000000)
  acc = (acc + a + c + 1000000) % 1099511627776
end
print(string.format("%d", acc))
