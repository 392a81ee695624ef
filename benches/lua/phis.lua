-- benches/bc/phis.bc, statement for statement
local function swap(n)
  local a, b, i = 1, 2, 0
  while i < n do
    local t = a
    a = b
    b = t
    i = i + 1
  end
  return a * 10 + b
end

local function rotate(n)
  local a, b, c, i = 1, 2, 3, 0
  while i < n do
    local t = a
    a = b
    b = c
    c = t
    i = i + 1
  end
  return a * 100 + b * 10 + c
end

local function lost_copy(n)
  local x, y = 0, 0
  repeat
    y = x
    x = x + 1
  until not (x < n)
  return y
end

local n = tonumber(arg[1])
print(string.format("%d", swap(n)))
print(string.format("%d", rotate(n + 1)))
print(string.format("%d", lost_copy(n)))
