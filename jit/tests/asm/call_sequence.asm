function main (asm, 256 bytes)
    00000  jmp 00000000000000C7h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
; line 7: call
    00013  cmp r13,1
    0001a  jb 00000000000000BAh
    00020  mov esi,0
    00026  mov rax,ADDR
    00030  mov rax,[rax]
    00033  test rax,rax
    00036  je 000000000000009Bh
    0003c  cmp rsp,[r15+20h]
    00043  jb 000000000000009Bh
    00049  sub r13,2
    0004d  jb 0000000000000097h
    00053  add rax,8
    00057  call rax
    00059  add r13,2
    0005d  mov rsi,rax
; line 8: print
    00060  mov rax,rsi
    00063  mov rsi,rax
    00066  mov ecx,1
    0006b  mov rdi,[r15+30h]
    0006f  mov rax,ADDR
    00079  push r10
    0007b  push r11
    0007d  call rax  ; jit_print
    0007f  pop r11
    00081  pop r10
    00083  test rdx,rdx
    00086  jne 00000000000000C2h
; line 9: ret
    0008c  mov eax,0
    00092  mov rsp,rbp
    00095  pop rbp
    00096  ret
; call g at line 13 through jit_call
    00097  add r13,2
    0009b  mov eax,1
    000a0  mov rcx,100000001h
    000aa  mov edx,1
    000af  call qword ptr [0E8h]  ; glue: calls through jit_call, 1 in registers
    000b5  jmp 000000000000005Dh
; trap: stack overflow at line 7
    000ba  xor edx,edx
    000bc  jmp qword ptr [0F0h]  ; glue: stack overflow through jit_trap
; unwind to the entry from the interpreter
    000c2  mov rsp,[r15+28h]
    000c6  ret
; external entry (from the interpreter)
    000c7  mov rax,ADDR
    000d1  mov rcx,8
    000db  lea r11,[8]
    000e2  jmp qword ptr [0F8h]  ; glue: the entry from the interpreter, 0 words in registers
; constant pool
    000e8  dq ADDR  ; glue: calls through jit_call, 1 in registers
    000f0  dq ADDR  ; glue: stack overflow through jit_trap
    000f8  dq ADDR  ; glue: the entry from the interpreter, 0 words in registers

