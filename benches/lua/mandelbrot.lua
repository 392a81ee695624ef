-- programs/mandelbrot.bc, statement for statement
local n = tonumber(arg[1])

local function inside(cr, ci)
  local zr, zi = 0.0, 0.0
  local k = 0
  while k < 50 do
    local rr = zr * zr
    local ii = zi * zi
    if rr + ii > 4.0 then return 0 end
    local ri = zr * zi
    zr = rr - ii + cr
    zi = ri + ri + ci
    k = k + 1
  end
  return 1
end

local fn = n + 0.0
local count = 0
local out = {}
for y = 0, n - 1 do
  local ci = y * 2.0 / fn - 1.0
  for x = 0, n - 1 do
    local cr = x * 2.0 / fn - 1.5
    local pin = inside(cr, ci)
    count = count + pin
    if n <= 40 then out[#out + 1] = pin == 1 and "*" or "." end
  end
  if n <= 40 then out[#out + 1] = "\n" end
end
io.write(table.concat(out))
print(count)
