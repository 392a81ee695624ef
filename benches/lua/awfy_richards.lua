-- benches/bc/awfy_richards.bc, statement for statement: records in one preallocated
-- array (no table per object), as in benches/c/awfy_richards.c.
local mem = {}
for i = 0, 65535 do mem[i] = 0 end

-- The heap: mem[0] holds the bump pointer; objects start at 16.
local function alloc(n)
  local p = mem[0]
  mem[0] = p + n
  return p
end

-- An array is [length, element 0, element 1, ...], its elements cleared.
local function new_array(n)
  local a = alloc(n + 1)
  mem[a] = n
  for i = 0, n - 1 do mem[a + 1 + i] = 0 end
  return a
end

-- A failed check in the original throws.
local function fail()
  error("error")
end
local bxor = bit and bit.bxor or load("return function(a, b) return a ~ b end")()

local function append(packet, queue_head)
  mem[packet] = 0
  if queue_head == 0 then return packet end
  local mouse = queue_head
  local link = mem[mouse]
  while link ~= 0 do
    mouse = link
    link = mem[mouse]
  end
  mem[mouse] = packet
  return queue_head
end

local function create_packet(link, identity, kind)
  local p = alloc(5)
  mem[p] = link
  mem[p + 1] = identity
  mem[p + 2] = kind
  mem[p + 3] = 0
  mem[p + 4] = new_array(4)
  return p
end

local function new_task_state(packet_pending, task_waiting, task_holding)
  local state = alloc(3)
  mem[state] = packet_pending
  mem[state + 1] = task_waiting
  mem[state + 2] = task_holding
  return state
end

local function create_task(s, identity, priority, work, state, data, fn)
  local t = alloc(9)
  mem[t + 3] = mem[s]
  mem[t + 4] = identity
  mem[t + 5] = priority
  mem[t + 6] = work
  mem[t] = mem[state]
  mem[t + 1] = mem[state + 1]
  mem[t + 2] = mem[state + 2]
  mem[t + 7] = data
  mem[t + 8] = fn
  mem[s] = t
  mem[mem[s + 3] + 1 + identity] = t
  return t
end

local function create_idler(s, identity, priority, work, state)
  local data = alloc(2)
  mem[data] = 1
  mem[data + 1] = 10000
  create_task(s, identity, priority, work, state, data, 0)
end

local function create_worker(s, identity, priority, work, state)
  local data = alloc(2)
  mem[data] = 2
  mem[data + 1] = 0
  create_task(s, identity, priority, work, state, data, 1)
end

local function create_handler(s, identity, priority, work, state)
  local data = alloc(2)
  mem[data] = 0
  mem[data + 1] = 0
  create_task(s, identity, priority, work, state, data, 2)
end

local function create_device(s, identity, priority, work, state)
  local data = alloc(1)
  mem[data] = 0
  create_task(s, identity, priority, work, state, data, 3)
end

local function find_task(s, identity)
  local t = mem[mem[s + 3] + 1 + identity]
  if t == 0 then fail() end
  return t
end

local function hold_self(s)
  mem[s + 6] = mem[s + 6] + 1
  mem[mem[s + 1] + 2] = 1
  return mem[mem[s + 1] + 3]
end

local function mark_waiting(s)
  mem[mem[s + 1] + 1] = 1
  return mem[s + 1]
end

local function add_input_and_check_priority(t, packet, old)
  if mem[t + 6] == 0 then
    mem[t + 6] = packet
    mem[t] = 1
    if mem[t + 5] > mem[old + 5] then return t end
  else
    mem[t + 6] = append(packet, mem[t + 6])
  end
  return old
end

local function queue_packet(s, packet)
  local t = find_task(s, mem[packet + 1])
  if t == 0 then return 0 end
  mem[s + 5] = mem[s + 5] + 1
  mem[packet] = 0
  mem[packet + 1] = mem[s + 2]
  return add_input_and_check_priority(t, packet, mem[s + 1])
end

local function release(s, identity)
  local t = find_task(s, identity)
  if t == 0 then return 0 end
  mem[t + 2] = 0
  if mem[t + 5] > mem[mem[s + 1] + 5] then return t end
  return mem[s + 1]
end

local function is_task_holding_or_waiting(t)
  return mem[t + 2] ~= 0 or (mem[t] == 0 and mem[t + 1] ~= 0)
end

local function is_waiting_with_packet(t)
  return mem[t] ~= 0 and mem[t + 1] ~= 0 and mem[t + 2] == 0
end

local function idler_function(s, work, data)
  mem[data + 1] = mem[data + 1] - 1
  if mem[data + 1] == 0 then return hold_self(s) end
  if mem[data] % 2 == 0 then
    mem[data] = math.floor(mem[data] / 2)
    return release(s, 4)
  end
  mem[data] = bxor(math.floor(mem[data] / 2), 53256)
  return release(s, 5)
end

local function worker_function(s, work, data)
  if work == 0 then return mark_waiting(s) end
  mem[data] = mem[data] == 2 and 3 or 2
  mem[work + 1] = mem[data]
  mem[work + 3] = 0
  for i = 0, 3 do
    mem[data + 1] = mem[data + 1] + 1
    if mem[data + 1] > 26 then mem[data + 1] = 1 end
    mem[mem[work + 4] + 1 + i] = 65 + mem[data + 1] - 1
  end
  return queue_packet(s, work)
end

local function handler_function(s, work, data)
  if work ~= 0 then
    if mem[work + 2] == 1 then
      mem[data] = append(work, mem[data])
    else
      mem[data + 1] = append(work, mem[data + 1])
    end
  end
  local work_packet = mem[data]
  if work_packet == 0 then return mark_waiting(s) end
  local count = mem[work_packet + 3]
  if count >= 4 then
    mem[data] = mem[work_packet]
    return queue_packet(s, work_packet)
  end
  local device_packet = mem[data + 1]
  if device_packet == 0 then return mark_waiting(s) end
  mem[data + 1] = mem[device_packet]
  mem[device_packet + 3] = mem[mem[work_packet + 4] + 1 + count]
  mem[work_packet + 3] = count + 1
  return queue_packet(s, device_packet)
end

local function device_function(s, work, data)
  if work == 0 then
    work = mem[data]
    if work == 0 then return mark_waiting(s) end
    mem[data] = 0
    return queue_packet(s, work)
  end
  mem[data] = work
  return hold_self(s)
end

local function run_task(s, t)
  local message
  if is_waiting_with_packet(t) then
    message = mem[t + 6]
    mem[t + 6] = mem[message]
    if mem[t + 6] == 0 then
      mem[t] = 0
      mem[t + 1] = 0
      mem[t + 2] = 0
    else
      mem[t] = 1
      mem[t + 1] = 0
      mem[t + 2] = 0
    end
  else
    message = 0
  end
  local fn = mem[t + 8]
  if fn == 0 then return idler_function(s, message, mem[t + 7]) end
  if fn == 1 then return worker_function(s, message, mem[t + 7]) end
  if fn == 2 then return handler_function(s, message, mem[t + 7]) end
  return device_function(s, message, mem[t + 7])
end

local function schedule(s)
  mem[s + 1] = mem[s]
  while mem[s + 1] ~= 0 do
    if is_task_holding_or_waiting(mem[s + 1]) then
      mem[s + 1] = mem[mem[s + 1] + 3]
    else
      mem[s + 2] = mem[mem[s + 1] + 4]
      mem[s + 1] = run_task(s, mem[s + 1])
    end
  end
end

local function benchmark()
  mem[0] = 16
  local s = alloc(7)
  mem[s] = 0
  mem[s + 1] = 0
  mem[s + 2] = 0
  mem[s + 3] = new_array(6)
  mem[s + 4] = 0
  mem[s + 5] = 0
  mem[s + 6] = 0
  create_idler(s, 0, 0, 0, new_task_state(0, 0, 0))
  local queue = create_packet(0, 1, 1)
  queue = create_packet(queue, 1, 1)
  create_worker(s, 1, 1000, queue, new_task_state(1, 1, 0))
  queue = create_packet(0, 4, 0)
  queue = create_packet(queue, 4, 0)
  queue = create_packet(queue, 4, 0)
  create_handler(s, 2, 2000, queue, new_task_state(1, 1, 0))
  queue = create_packet(0, 5, 0)
  queue = create_packet(queue, 5, 0)
  queue = create_packet(queue, 5, 0)
  create_handler(s, 3, 3000, queue, new_task_state(1, 1, 0))
  create_device(s, 4, 4000, 0, new_task_state(0, 1, 0))
  create_device(s, 5, 5000, 0, new_task_state(0, 1, 0))
  schedule(s)
  if mem[s + 5] == 23246 and mem[s + 6] == 9297 then return 1 end
  return 0
end

local iterations, total = tonumber(arg[1]), 0
for _ = 1, iterations do total = total + benchmark() end
print(string.format("%d", total))
