-- programs/collatz.bc, statement for statement
local function steps(x)
  local s = 0
  while x > 1 do
    if x % 2 == 0 then
      x = x / 2
      s = s + 1
    else
      x = x * 3 + 1
      s = s + 1
    end
  end
  return s
end

local n = tonumber(arg[1])
local best, argbest, i = 0, 0, 1
while i < n do
  local s = steps(i)
  if s > best then
    best = s
    argbest = i
  end
  i = i + 1
end
print(string.format("%d", argbest))
print(string.format("%d", best))
