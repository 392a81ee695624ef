-- benches/bc/lu.bc, statement for statement: SciMark 2.0's LU with its
-- generator (tables of rows, as SciMark's Lua port has them)
local floor, abs = math.floor, math.abs
local gen = {}

local function seed(s)
  local jseed = s
  if jseed < 0 then jseed = -jseed end
  if jseed > 2147483647 then jseed = 2147483647 end
  if jseed % 2 == 0 then jseed = jseed - 1 end
  local k0, k1 = 9069 % 65536, floor(9069 / 65536)
  local j0, j1 = jseed % 65536, floor(jseed / 65536)
  for l = 0, 16 do
    jseed = j0 * k0
    j1 = (floor(jseed / 65536) + j0 * k1 + j1 * k0) % 32768
    j0 = jseed % 65536
    gen[l + 2] = j1 * 65536 + j0
  end
  gen[0] = 4
  gen[1] = 16
end

local function next_double()
  local i, j = gen[0], gen[1]
  local k = gen[i + 2] - gen[j + 2]
  if k < 0 then k = k + 2147483647 end
  gen[j + 2] = k
  if i == 0 then i = 17 end
  gen[0] = i - 1
  if j == 0 then j = 17 end
  gen[1] = j - 1
  local dm1 = 1.0 / 2147483647.0
  return dm1 * k
end

local function new_matrix(n)
  local a = {}
  for i = 0, n - 1 do a[i] = {} end
  return a
end

local function random_matrix(a, n)
  for i = 0, n - 1 do
    local ai = a[i]
    for j = 0, n - 1 do ai[j] = next_double() end
  end
end

local function copy_matrix(b, a, n)
  for i = 0, n - 1 do
    local bi, ai = b[i], a[i]
    for j = 0, n - 1 do bi[j] = ai[j] end
  end
end

local function factor(a, n, pivot)
  for j = 0, n - 1 do
    local jp = j
    local t = abs(a[j][j])
    for i = j + 1, n - 1 do
      local ab = abs(a[i][j])
      if ab > t then
        jp = i
        t = ab
      end
    end
    pivot[j] = jp
    if a[jp][j] == 0.0 then return 1 end
    if jp ~= j then
      a[j], a[jp] = a[jp], a[j]
    end
    if j < n - 1 then
      local recp = 1.0 / a[j][j]
      for k = j + 1, n - 1 do
        local ak = a[k]
        ak[j] = ak[j] * recp
      end
      for ii = j + 1, n - 1 do
        local aii, aj = a[ii], a[j]
        local aiij = aii[j]
        for jj = j + 1, n - 1 do aii[jj] = aii[jj] - aiij * aj[jj] end
      end
    end
  end
  return 0
end

local n, cycles = tonumber(arg[1]), tonumber(arg[2])
seed(113)
local a, lu, pivot = new_matrix(n), new_matrix(n), {}
random_matrix(a, n)
local failed = 0
for _ = 1, cycles do
  copy_matrix(lu, a, n)
  failed = failed + factor(lu, n, pivot)
end
print(string.format("%d", failed))
local sum = 0
for i = 0, n - 1 do sum = sum + pivot[i] end
print(string.format("%d", sum))
local total = 0.0
for i = 0, n - 1 do
  for j = 0, n - 1 do total = total + lu[i][j] end
end
print(string.format("%.6f", total))
