-- programs/nbody.bc, statement for statement: body i in cells 7i..7i+6
local n = tonumber(arg[1])
local mem = {}
for k = 0, 34 do mem[k] = 0.0 end
local sqrt = math.sqrt

local function body(i, x, y, z, vx, vy, vz, m)
  local b = i * 7
  mem[b], mem[b + 1], mem[b + 2] = x, y, z
  mem[b + 3], mem[b + 4], mem[b + 5] = vx * 365.24, vy * 365.24, vz * 365.24
  mem[b + 6] = m * 39.47841760435743
end

local function init()
  body(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0)
  body(1, 4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01, 1.66007664274403694e-03, 7.69901118419740425e-03, -6.90460016972063023e-05, 9.54791938424326609e-04)
  body(2, 8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01, -2.76742510726862411e-03, 4.99852801234917238e-03, 2.30417297573763929e-05, 2.85885980666130812e-04)
  body(3, 1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01, 2.96460137564761618e-03, 2.37847173959480950e-03, -2.96589568540237556e-05, 4.36624404335156298e-05)
  body(4, 1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01, 2.68067772490389322e-03, 1.62824170038242295e-03, -9.51592254519715870e-05, 5.15138902046611451e-05)
end

local function offset_momentum()
  local px, py, pz = 0.0, 0.0, 0.0
  for i = 0, 4 do
    local b = i * 7
    local m = mem[b + 6]
    px = px + mem[b + 3] * m
    py = py + mem[b + 4] * m
    pz = pz + mem[b + 5] * m
  end
  mem[3] = -(px / 39.47841760435743)
  mem[4] = -(py / 39.47841760435743)
  mem[5] = -(pz / 39.47841760435743)
end

local function energy()
  local e = 0.0
  for i = 0, 4 do
    local bi = i * 7
    local m = mem[bi + 6]
    local vx, vy, vz = mem[bi + 3], mem[bi + 4], mem[bi + 5]
    local v2 = vx * vx
    v2 = v2 + vy * vy
    v2 = v2 + vz * vz
    e = e + m * v2 * 0.5
    for j = i + 1, 4 do
      local bj = j * 7
      local dx = mem[bi] - mem[bj]
      local dy = mem[bi + 1] - mem[bj + 1]
      local dz = mem[bi + 2] - mem[bj + 2]
      local d2 = dx * dx
      d2 = d2 + dy * dy
      d2 = d2 + dz * dz
      e = e - m * mem[bj + 6] / sqrt(d2)
    end
  end
  return e
end

local function advance(dt)
  for i = 0, 4 do
    local bi = i * 7
    local xi, yi, zi, mi = mem[bi], mem[bi + 1], mem[bi + 2], mem[bi + 6]
    for j = i + 1, 4 do
      local bj = j * 7
      local dx = xi - mem[bj]
      local dy = yi - mem[bj + 1]
      local dz = zi - mem[bj + 2]
      local d2 = dx * dx
      d2 = d2 + dy * dy
      d2 = d2 + dz * dz
      local d = sqrt(d2)
      local mag = dt / (d2 * d)
      local fj = mem[bj + 6] * mag
      local fi = mi * mag
      mem[bi + 3] = mem[bi + 3] - dx * fj
      mem[bi + 4] = mem[bi + 4] - dy * fj
      mem[bi + 5] = mem[bi + 5] - dz * fj
      mem[bj + 3] = mem[bj + 3] + dx * fi
      mem[bj + 4] = mem[bj + 4] + dy * fi
      mem[bj + 5] = mem[bj + 5] + dz * fi
    end
  end
  for i = 0, 4 do
    local b = i * 7
    mem[b] = mem[b] + mem[b + 3] * dt
    mem[b + 1] = mem[b + 1] + mem[b + 4] * dt
    mem[b + 2] = mem[b + 2] + mem[b + 5] * dt
  end
end

init()
offset_momentum()
print(string.format("%.9f", energy()))
for _ = 1, n do advance(0.01) end
print(string.format("%.9f", energy()))
