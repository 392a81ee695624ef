function main (asm, 136 bytes)
    00000  jmp 000000000000005Dh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
    00013  mov r8,rsi
    00016  mov edi,0
    0001c  jmp 0000000000000043h
    00021  nop [rax+rax]
    0002a  nop [rax+rax]
    00033  nop [rax+rax]
    0003c  nop [rax]
    00040  mov rdi,rsi
; line 10: add
    00043  lea rsi,[rdi+2]
; line 11: jlt
    0004b  cmp rsi,r8
    0004e  jl 0000000000000040h
; line 12: ret
    00050  mov rax,rdi
    00053  mov rsp,rbp
    00056  pop rbp
    00057  ret
; unwind to the entry from the interpreter
    00058  mov rsp,[r15+28h]
    0005c  ret
; external entry (from the interpreter)
    0005d  mov rax,ADDR
    00067  mov rcx,8
    00071  lea r11,[8]
    00078  jmp qword ptr [80h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00080  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

