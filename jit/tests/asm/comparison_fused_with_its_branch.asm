function main (asm, 96 bytes)
    00000  jmp 0000000000000030h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 4: lt
    0000c  cmp rsi,rdi
    0000f  jl 0000000000000020h
; line 6: ret
    00015  mov eax,0
    0001b  mov rsp,rbp
    0001e  pop rbp
    0001f  ret
; line 8: ret
    00020  mov eax,1
    00026  mov rsp,rbp
    00029  pop rbp
    0002a  ret
; unwind to the entry from the interpreter
    0002b  mov rsp,[r15+28h]
    0002f  ret
; external entry (from the interpreter)
    00030  mov rax,ADDR
    0003a  mov rcx,8
    00044  lea r11,[8]
    0004b  jmp qword ptr [58h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    00058  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

