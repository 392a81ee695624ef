-- benches/bc/nsieve_bits.bc, statement for statement (a table for the
-- memory; LuaJIT's `bit` library, or Lua 5.4's operators)
local band, bnot, lshift, rshift
if bit then
  band, bnot, lshift, rshift = bit.band, bit.bnot, bit.lshift, bit.rshift
else
  band, bnot, lshift, rshift = load([[
    return function(a, b) return a & b end, function(a) return ~a end,
           function(a, b) return a << b end, function(a, b) return a >> b end]])()
end

local mem = {}

local function nsieve(m)
  local last = rshift(m, 5)
  for w = 0, last do mem[w] = -1 end
  local count = 0
  for i = 2, m do
    local word = mem[rshift(i, 5)]
    local bit_ = lshift(1, band(i, 31))
    if band(word, bit_) ~= 0 then
      count = count + 1
      for j = i + i, m, i do
        local jw = rshift(j, 5)
        local x = mem[jw]
        local b = bnot(lshift(1, band(j, 31)))
        mem[jw] = band(x, b)
      end
    end
  end
  return count
end

local n = tonumber(arg[1])
for k = 0, 2 do
  local m = 10000 * 2 ^ (n - k)
  m = math.floor(m)
  local c = nsieve(m)
  print(string.format("%d", m))
  print(string.format("%d", c))
end
