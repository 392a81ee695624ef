function main (asm, 128 bytes)
    00000  jmp 0000000000000056h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  mov eax,0
    0000e  cmp rax,rsi
    00011  jl 000000000000001Eh
; return before the frame
    00017  mov eax,0
    0001d  ret
; frame
    0001e  push rbp
    0001f  mov rbp,rsp
    00022  mov rdi,rsi
    00025  mov esi,0
; line 8: jge
    0002b  cmp rsi,rdi
    0002e  jge 0000000000000049h
    00034  nop [rax+rax]
    0003d  nop [rax]
; line 9: add
    00040  add rsi,1
; line 10: jmp
; line 8: jge
    00044  cmp rsi,rdi
    00047  jl 0000000000000040h
; line 12: ret
    00049  mov rax,rsi
    0004c  mov rsp,rbp
    0004f  pop rbp
    00050  ret
; unwind to the entry from the interpreter
    00051  mov rsp,[r15+28h]
    00055  ret
; external entry (from the interpreter)
    00056  mov rax,ADDR
    00060  mov rcx,8
    0006a  lea r11,[8]
    00071  jmp qword ptr [78h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00078  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

