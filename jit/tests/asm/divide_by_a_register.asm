function main (asm, 136 bytes)
    00000  jmp 0000000000000054h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 5: div
    00013  mov rax,rsi
    00016  mov rcx,rdi
    00019  test rcx,rcx
    0001c  je 0000000000000047h
    00022  cmp rcx,0FFFFFFFFFFFFFFFFh
    00029  jne 0000000000000037h
    0002f  neg rax
    00032  jmp 000000000000003Ch
    00037  cqo
    00039  idiv rcx
    0003c  mov rsi,rax
; line 6: ret
    0003f  mov rax,rsi
    00042  mov rsp,rbp
    00045  pop rbp
    00046  ret
; trap: division by zero at line 5
    00047  xor edx,edx
    00049  jmp qword ptr [78h]  ; glue: division by zero through jit_trap
; unwind to the entry from the interpreter
    0004f  mov rsp,[r15+28h]
    00053  ret
; external entry (from the interpreter)
    00054  mov rax,ADDR
    0005e  mov rcx,8
    00068  lea r11,[8]
    0006f  jmp qword ptr [80h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    00078  dq ADDR  ; glue: division by zero through jit_trap
    00080  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

