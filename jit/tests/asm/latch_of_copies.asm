function main (asm, 104 bytes)
    00000  jmp 000000000000003Dh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  mov r8,rsi
    0000f  mov edi,0
    00015  jmp 0000000000000023h
    0001a  nop [rax+rax]
    00020  mov rdi,rsi
; line 10: add
    00023  lea rsi,[rdi+2]
; line 11: jlt
    0002b  cmp rsi,r8
    0002e  jl 0000000000000020h
; line 12: ret
    00030  mov rax,rdi
    00033  mov rsp,rbp
    00036  pop rbp
    00037  ret
; unwind to the entry from the interpreter
    00038  mov rsp,[r15+28h]
    0003c  ret
; external entry (from the interpreter)
    0003d  mov rax,ADDR
    00047  mov rcx,8
    00051  lea r11,[8]
    00058  jmp qword ptr [60h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00060  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

