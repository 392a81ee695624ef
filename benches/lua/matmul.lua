-- benches/bc/matmul.bc, statement for statement (a table for the memory)
local n = tonumber(arg[1])
local mem = {}
local nn = n * n
local cbase = nn * 2
for i = 0, nn - 1 do
  mem[i] = i % 7 - 3
  mem[i + nn] = (i * 31) % 11
end
for i = 0, n - 1 do
  local arow = i * n
  for j = 0, n - 1 do
    local acc, ai, bi = 0, arow, nn + j
    for k = 0, n - 1 do
      acc = acc + mem[ai] * mem[bi]
      ai = ai + 1
      bi = bi + n
    end
    mem[arow + j + cbase] = acc
  end
end
local t, h = 0, 0
for i = 0, n - 1 do t = t + mem[i * n + i + cbase] end
for i = 0, nn - 1 do h = h + mem[i + cbase] * (i % 13) end
print(string.format("%d", t))
print(string.format("%d", h))
