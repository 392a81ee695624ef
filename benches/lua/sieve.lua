-- programs/sieve.bc, statement for statement; an absent entry is bcvm's zero cell
local n = tonumber(arg[1])
local c = {}
local i = 2
while i * i < n do
  if not c[i] then
    local j = i * i
    while j < n do
      c[j] = 1
      j = j + i
    end
  end
  i = i + 1
end
local primes = 0
local k = 2
while k < n do
  if not c[k] then primes = primes + 1 end
  k = k + 1
end
print(primes)
