function main (baseline asm, 160 bytes)
    00000  jmp 000000000000006Ch
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
    00013  xor eax,eax
    00015  mov [rbp-8],rax
; line 7: call
    00019  mov esi,1
    0001e  mov eax,1
    00023  xor ecx,ecx
    00025  call qword ptr [90h]  ; glue: a call, 1 in registers
    0002b  add r13,1
    0002f  mov [rbp-8],rax
; line 8: print
    00033  mov rax,[rbp-8]
    00037  mov rsi,rax
    0003a  mov ecx,1
    0003f  mov rdi,[r15+30h]
    00043  mov rax,ADDR
    0004d  push r10
    0004f  push r11
    00051  call rax  ; jit_print
    00053  pop r11
    00055  pop r10
    00057  test rdx,rdx
    0005a  jne 0000000000000067h
; line 9: ret
    00060  xor eax,eax
    00062  mov rsp,rbp
    00065  pop rbp
    00066  ret
; unwind to the entry from the interpreter
    00067  mov rsp,[r15+28h]
    0006b  ret
; external entry (from the interpreter)
    0006c  mov rax,ADDR
    00076  mov rcx,8
    00080  lea r11,[8]
    00087  jmp qword ptr [98h]  ; glue: the entry from the interpreter, 0 words in registers
; constant pool
    00090  dq ADDR  ; glue: a call, 1 in registers
    00098  dq ADDR  ; glue: the entry from the interpreter, 0 words in registers

