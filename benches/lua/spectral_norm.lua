-- programs/spectral_norm.bc, statement for statement: u, v, tmp as arrays
local n = tonumber(arg[1])

local function av(src, dst)
  for i = 0, n - 1 do
    local sum = 0.0
    for j = 0, n - 1 do
      local ij = i + j
      local a = math.floor((ij + 1) * ij / 2) + i + 1
      sum = sum + src[j] / a
    end
    dst[i] = sum
  end
end

local function atv(src, dst)
  for i = 0, n - 1 do
    local sum = 0.0
    for j = 0, n - 1 do
      local ij = i + j
      local a = math.floor((ij + 1) * ij / 2) + j + 1
      sum = sum + src[j] / a
    end
    dst[i] = sum
  end
end

local function atav(src, dst, tmp)
  av(src, tmp)
  atv(tmp, dst)
end

local u, v, tmp = {}, {}, {}
for i = 0, n - 1 do u[i] = 1.0; v[i] = 0.0; tmp[i] = 0.0 end
for _ = 1, 10 do
  atav(u, v, tmp)
  atav(v, u, tmp)
end
local vbv, vv = 0.0, 0.0
for i = 0, n - 1 do
  vbv = vbv + u[i] * v[i]
  vv = vv + v[i] * v[i]
end
print(string.format("%.9f", math.sqrt(vbv / vv)))
