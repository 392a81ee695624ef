function main (asm, 376 bytes)
    00000  jmp 0000000000000144h
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
    0003b  jmp 00000000000000B9h
; line 9: jge
    00040  cmp rsi,rdi
    00043  jge 0000000000000082h
    00049  nop [rax+rax]
    00052  nop [rax+rax]
    0005b  nop [rax+rax]
; line 10: store
    00060  cmp rsi,0FFDh
    00067  jae 000000000000011Ah
    0006d  mov qword ptr [r14+rsi*8+18h],0
; line 11: add
    00079  add rsi,1
; line 12: jmp
; line 9: jge
    0007d  cmp rsi,rdi
    00080  jl 0000000000000060h
; line 14: print
    00082  mov rax,rsi
    00085  mov rsi,rax
    00088  mov ecx,5
    0008d  mov rdi,[r15+30h]
    00091  mov rax,ADDR
    0009b  push r10
    0009d  push r11
    0009f  call rax  ; jit_print
    000a1  pop r11
    000a3  pop r10
    000a5  test rdx,rdx
    000a8  jne 000000000000013Fh
; line 15: ret
    000ae  mov eax,0
    000b4  mov rsp,rbp
    000b7  pop rbp
    000b8  ret
; unchecked copy of the loop at line 9
; fill: the loop's stores as one string store
    000b9  lea rax,[rsi+3]
    000c1  lea rdx,[r14+rax*8]
    000c5  mov rcx,rdi
    000c8  sub rcx,rsi
    000cb  jo 00000000000000EFh
    000d1  cmp rcx,40h
    000d8  jl 00000000000000EFh
    000de  mov eax,0
    000e4  push rdi
    000e5  mov rdi,rdx
    000e8  rep stosq [rdi]
    000eb  pop rdi
    000ec  mov rsi,rdi
; line 9: jge
    000ef  cmp rsi,rdi
    000f2  jge 0000000000000082h
    000f4  nop [rax+rax]
    000fd  nop [rax]
; line 10: store
    00100  mov qword ptr [r14+rsi*8+18h],0
; line 11: add
    0010c  add rsi,1
; line 12: jmp
; line 9: jge
    00110  cmp rsi,rdi
    00113  jl 0000000000000100h
    00115  jmp 0000000000000082h
; cells off a base past their check: find the first outside
    0011a  lea rcx,[rsi+3]
    00122  cmp rcx,1000h
    00129  jae 0000000000000134h
    0012f  jmp 000000000000006Dh
; trap: memory access out of bounds at line 10
    00134  mov edx,2
    00139  jmp qword ptr [168h]  ; glue: memory access out of bounds through jit_trap
; unwind to the entry from the interpreter
    0013f  mov rsp,[r15+28h]
    00143  ret
; external entry (from the interpreter)
    00144  mov rax,ADDR
    0014e  mov rcx,ADDR
    00158  lea r11,[8]
    0015f  jmp qword ptr [170h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00168  dq ADDR  ; glue: memory access out of bounds through jit_trap
    00170  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

