function main (asm, 80 bytes)
    00000  jmp 0000000000000021h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 4: mul
    0000c  lea rdi,[rsi+rsi*4]
; line 5: add
    00011  add rsi,rdi
; line 6: ret
    00014  mov rax,rsi
    00017  mov rsp,rbp
    0001a  pop rbp
    0001b  ret
; unwind to the entry from the interpreter
    0001c  mov rsp,[r15+28h]
    00020  ret
; external entry (from the interpreter)
    00021  mov rax,ADDR
    0002b  mov rcx,8
    00035  lea r11,[8]
    0003c  jmp qword ptr [48h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00048  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

