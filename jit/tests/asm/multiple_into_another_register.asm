function main (asm, 88 bytes)
    00000  jmp 0000000000000028h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: mul
    00013  lea rdi,[rsi+rsi*4]
; line 5: add
    00018  add rsi,rdi
; line 6: ret
    0001b  mov rax,rsi
    0001e  mov rsp,rbp
    00021  pop rbp
    00022  ret
; unwind to the entry from the interpreter
    00023  mov rsp,[r15+28h]
    00027  ret
; external entry (from the interpreter)
    00028  mov rax,ADDR
    00032  mov rcx,8
    0003c  lea r11,[8]
    00043  jmp qword ptr [50h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00050  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

