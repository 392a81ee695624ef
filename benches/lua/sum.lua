-- programs/sum.bc, statement for statement
local n = tonumber(arg[1])
local i, s = 0, 0
while i < n do
  s = s + i
  i = i + 1
end
print(string.format("%d", s))  -- LuaJIT numbers are doubles
