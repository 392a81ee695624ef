function main (asm, 128 bytes)
    00000  jmp 000000000000004Dh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 5: div
    0000c  mov rax,rsi
    0000f  mov rcx,rdi
    00012  test rcx,rcx
    00015  je 0000000000000040h
    0001b  cmp rcx,0FFFFFFFFFFFFFFFFh
    00022  jne 0000000000000030h
    00028  neg rax
    0002b  jmp 0000000000000035h
    00030  cqo
    00032  idiv rcx
    00035  mov rsi,rax
; line 6: ret
    00038  mov rax,rsi
    0003b  mov rsp,rbp
    0003e  pop rbp
    0003f  ret
; trap: division by zero at line 5
    00040  xor edx,edx
    00042  jmp qword ptr [70h]  ; glue: division by zero through jit_trap
; unwind to the entry from the interpreter
    00048  mov rsp,[r15+28h]
    0004c  ret
; external entry (from the interpreter)
    0004d  mov rax,ADDR
    00057  mov rcx,8
    00061  lea r11,[8]
    00068  jmp qword ptr [78h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    00070  dq ADDR  ; glue: division by zero through jit_trap
    00078  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

