-- benches/bc/digits.bc, statement for statement (non-negative operands:
-- Lua's floor division and modulo agree with truncation there)
local n = tonumber(arg[1])
local digits, mixed, i = 0, 0, 0
while i < n do
  local x = i
  while x ~= 0 do
    local d = x % 10
    digits = digits + d
    x = (x - d) / 10
  end
  mixed = mixed + i % 7
  local e = (i - i % 8) / 8
  mixed = mixed + e % 3
  i = i + 1
end
print(string.format("%d", digits))
print(string.format("%d", mixed))
