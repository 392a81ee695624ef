-- benches/bc/fannkuch.bc, statement for statement (tables for memory)
local n = tonumber(arg[1])
local perm1, perm, count = {}, {}, {}
for i = 0, n - 1 do perm1[i] = i end
local maxf, sum, pc, r = 0, 0, 0, n
while true do
  while r > 1 do
    count[r - 1] = r
    r = r - 1
  end
  for i = 0, n - 1 do perm[i] = perm1[i] end
  local flips = 0
  local k = perm[0]
  while k ~= 0 do
    local lo, hi = 0, k
    while lo < hi do
      perm[lo], perm[hi] = perm[hi], perm[lo]
      lo = lo + 1
      hi = hi - 1
    end
    flips = flips + 1
    k = perm[0]
  end
  if flips > maxf then maxf = flips end
  if pc % 2 == 0 then sum = sum + flips else sum = sum - flips end
  local finished = false
  while true do
    if r == n then finished = true break end
    local p0 = perm1[0]
    for i = 0, r - 1 do perm1[i] = perm1[i + 1] end
    perm1[r] = p0
    count[r] = count[r] - 1
    if count[r] > 0 then break end
    r = r + 1
  end
  if finished then break end
  pc = pc + 1
end
print(string.format("%d", sum))
print(string.format("%d", maxf))
