function main (asm, 72 bytes)
    00000  jmp 000000000000001Ch
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 4: ret
    0000c  mov eax,7
    00012  mov rsp,rbp
    00015  pop rbp
    00016  ret
; unwind to the entry from the interpreter
    00017  mov rsp,[r15+28h]
    0001b  ret
; external entry (from the interpreter)
    0001c  mov rax,ADDR
    00026  mov rcx,8
    00030  lea r11,[8]
    00037  jmp qword ptr [40h]  ; glue: the entry from the interpreter, 0 words in registers
; constant pool
    00040  dq ADDR  ; glue: the entry from the interpreter, 0 words in registers

