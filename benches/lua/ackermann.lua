-- benches/bc/ackermann.bc, statement for statement
local function ack(m, n)
  if m == 0 then return n + 1 end
  if n == 0 then return ack(m - 1, 1) end
  local inner = ack(m, n - 1)
  return ack(m - 1, inner)
end
print(ack(tonumber(arg[1]), tonumber(arg[2])))
