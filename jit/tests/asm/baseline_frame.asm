function f (baseline asm, 128 bytes)
    00000  jmp 0000000000000051h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,20h
    00013  mov [rbp-20h],rsi
    00017  mov [rbp-18h],rdi
    0001b  xor eax,eax
    0001d  mov [rbp-10h],rax
    00021  mov [rbp-8],rax
; line 8: add
    00025  mov rax,[rbp-20h]
    00029  mov rcx,[rbp-18h]
    0002d  add rax,rcx
    00030  mov [rbp-10h],rax
; line 9: add
    00034  mov rax,[rbp-10h]
    00038  mov rcx,[rbp-8]
    0003c  add rax,rcx
    0003f  mov [rbp-10h],rax
; line 10: ret
    00043  mov rax,[rbp-10h]
    00047  mov rsp,rbp
    0004a  pop rbp
    0004b  ret
; unwind to the entry from the interpreter
    0004c  mov rsp,[r15+28h]
    00050  ret
; external entry (from the interpreter)
    00051  mov rax,ADDR
    0005b  mov rcx,8
    00065  lea r11,[8]
    0006c  jmp qword ptr [78h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    00078  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

