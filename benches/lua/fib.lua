-- programs/fib.bc, statement for statement
local function fib(n)
  if n < 2 then return n end
  local x = fib(n - 1)
  local y = fib(n - 2)
  return x + y
end
print(fib(tonumber(arg[1])))
