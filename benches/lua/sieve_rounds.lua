-- programs/sieve_rounds.bc, statement for statement
local function sieve(n, c)
  for k = 0, n - 1 do c[k] = 0 end
  local primes = 0
  local i = 2
  while i < n do
    if c[i] == 0 then
      primes = primes + 1
      local j = i * i
      while j < n do
        c[j] = 1
        j = j + i
      end
    end
    i = i + 1
  end
  return primes
end

local n, rounds = tonumber(arg[1]), tonumber(arg[2])
local c = {}
local total = 0
for _ = 1, rounds do total = total + sieve(n, c) end
print(total)
