function main (asm, 88 bytes)
    00000  jmp 000000000000002Ch
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: lt
    00013  cmp rsi,rdi
    00016  setl al
    00019  movzx eax,al
    0001c  mov rsi,rax
; line 5: ret
    0001f  mov rax,rsi
    00022  mov rsp,rbp
    00025  pop rbp
    00026  ret
; unwind to the entry from the interpreter
    00027  mov rsp,[r15+28h]
    0002b  ret
; external entry (from the interpreter)
    0002c  mov rax,ADDR
    00036  mov rcx,8
    00040  lea r11,[8]
    00047  jmp qword ptr [50h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    00050  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

