function main (asm, 96 bytes)
    00000  jmp 0000000000000037h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: lt
    00013  cmp rsi,rdi
    00016  jl 0000000000000027h
; line 6: ret
    0001c  mov eax,0
    00022  mov rsp,rbp
    00025  pop rbp
    00026  ret
; line 8: ret
    00027  mov eax,1
    0002d  mov rsp,rbp
    00030  pop rbp
    00031  ret
; unwind to the entry from the interpreter
    00032  mov rsp,[r15+28h]
    00036  ret
; external entry (from the interpreter)
    00037  mov rax,ADDR
    00041  mov rcx,8
    0004b  lea r11,[8]
    00052  jmp qword ptr [58h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    00058  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

