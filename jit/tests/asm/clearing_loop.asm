function main (asm, 352 bytes)
    00000  jmp 000000000000012Ah
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  mov rdi,rsi
    0000f  mov esi,0
    00015  cmp rsi,rdi
    00018  jge 0000000000000040h
    0001e  test rsi,rsi
    00021  js 0000000000000040h
    00027  mov eax,1000h
    0002c  sub rax,3
    00032  cmp rdi,rax
    00035  jg 0000000000000040h
    0003b  jmp 00000000000000BDh
; line 9: jge
    00040  cmp rsi,rdi
    00043  jge 0000000000000086h
    00049  nop [rax+rax]
    00052  nop [rax+rax]
    0005b  nop [rax+rax]
; line 10: store
    00060  lea rax,[rsi+3]
    00068  cmp rax,1000h
    0006f  jae 000000000000011Ah
    00075  mov qword ptr [r14+rax*8],0
; line 11: add
    0007d  add rsi,1
; line 12: jmp
; line 9: jge
    00081  cmp rsi,rdi
    00084  jl 0000000000000060h
; line 14: print
    00086  mov rax,rsi
    00089  mov rsi,rax
    0008c  mov ecx,5
    00091  mov rdi,[r15+30h]
    00095  mov rax,ADDR
    0009f  push r10
    000a1  push r11
    000a3  call rax  ; jit_print
    000a5  pop r11
    000a7  pop r10
    000a9  test rdx,rdx
    000ac  jne 0000000000000125h
; line 15: ret
    000b2  mov eax,0
    000b8  mov rsp,rbp
    000bb  pop rbp
    000bc  ret
; unchecked copy of the loop at line 9
; fill: the loop's stores as one string store
    000bd  lea rax,[rsi+3]
    000c5  lea rdx,[r14+rax*8]
    000c9  mov rcx,rdi
    000cc  sub rcx,rsi
    000cf  jo 00000000000000F3h
    000d5  cmp rcx,40h
    000dc  jl 00000000000000F3h
    000e2  mov eax,0
    000e8  push rdi
    000e9  mov rdi,rdx
    000ec  rep stosq [rdi]
    000ef  pop rdi
    000f0  mov rsi,rdi
; line 9: jge
    000f3  cmp rsi,rdi
    000f6  jge 0000000000000086h
    000f8  nop [rax+rax]
; line 10: store
    00100  mov qword ptr [r14+rsi*8+18h],0
; line 11: add
    0010c  add rsi,1
; line 12: jmp
; line 9: jge
    00110  cmp rsi,rdi
    00113  jl 0000000000000100h
    00115  jmp 0000000000000086h
; trap: memory access out of bounds at line 10
    0011a  mov edx,2
    0011f  jmp qword ptr [150h]  ; glue: memory access out of bounds through jit_trap
; unwind to the entry from the interpreter
    00125  mov rsp,[r15+28h]
    00129  ret
; external entry (from the interpreter)
    0012a  mov rax,ADDR
    00134  mov rcx,ADDR
    0013e  lea r11,[8]
    00145  jmp qword ptr [158h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00150  dq ADDR  ; glue: memory access out of bounds through jit_trap
    00158  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

