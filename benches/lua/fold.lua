-- benches/bc/fold.bc, statement for statement
local n = tonumber(arg[1])
local i, s = 0, 0
while i < n do
  local k = 6 * 7
  k = k + 8
  k = k - 50
  s = s + k
  s = s + 1
  i = i + 1
end
print(string.format("%d", s))
