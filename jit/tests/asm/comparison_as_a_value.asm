function main (asm, 80 bytes)
    00000  jmp 0000000000000023h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 4: lt
    0000c  cmp rsi,rdi
    0000f  setl al
    00012  movzx esi,al
; line 5: ret
    00016  mov rax,rsi
    00019  mov rsp,rbp
    0001c  pop rbp
    0001d  ret
; unwind to the entry from the interpreter
    0001e  mov rsp,[r15+28h]
    00022  ret
; external entry (from the interpreter)
    00023  mov rax,ADDR
    0002d  mov rcx,8
    00037  lea r11,[8]
    0003e  jmp qword ptr [48h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    00048  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

