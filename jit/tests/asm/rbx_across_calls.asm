function main (asm, 328 bytes)
    00000  jmp 000000000000010Bh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,20h
    00013  mov [rbp-8],rbx
    00017  mov [rbp-10h],r10
    0001b  mov rbx,rsi
; line 15: call
    0001e  mov r10d,0
; line 14: jz
    00024  test rbx,rbx
    00027  je 0000000000000092h
    0002d  nop [rax]
; line 15: call
    00030  cmp r13,1
    00037  jb 00000000000000F6h
    0003d  test rbx,rbx
    00040  je 00000000000000D6h
    00046  mov esi,0
    0004c  mov rax,ADDR
    00056  mov rax,[rax]
    00059  test rax,rax
    0005c  je 00000000000000DFh
    00062  cmp rsp,[r15+20h]
    00069  jb 00000000000000DFh
    0006f  sub r13,2
    00073  jb 00000000000000DBh
    00079  add rax,8
    0007d  call rax
    0007f  add r13,2
    00083  mov rsi,rax
; line 16: add
    00086  add r10,rsi
; line 17: sub
    00089  sub rbx,1
; line 18: jmp
; line 14: jz
    0008d  test rbx,rbx
    00090  jne 0000000000000030h
; line 20: print
    00092  mov rax,r10
    00095  mov rsi,rax
    00098  mov rcx,100000006h
    000a2  mov rdi,[r15+30h]
    000a6  mov rax,ADDR
    000b0  push r10
    000b2  push r11
    000b4  call rax  ; jit_print
    000b6  pop r11
    000b8  pop r10
    000ba  test rdx,rdx
    000bd  jne 0000000000000106h
; line 21: ret
    000c3  mov eax,0
    000c9  mov rbx,[rbp-8]
    000cd  mov r10,[rbp-10h]
    000d1  mov rsp,rbp
    000d4  pop rbp
    000d5  ret
    000d6  mov rsi,rbx
    000d9  jmp 0000000000000086h
; call f at line 7 through jit_call
    000db  add r13,2
    000df  xor eax,eax
    000e1  mov ecx,1
    000e6  mov edx,1
    000eb  call qword ptr [130h]  ; glue: calls through jit_call, 1 in registers
    000f1  jmp 0000000000000083h
; trap: stack overflow at line 15
    000f6  mov rdx,100000002h
    00100  jmp qword ptr [138h]  ; glue: stack overflow through jit_trap
; unwind to the entry from the interpreter
    00106  mov rsp,[r15+28h]
    0010a  ret
; external entry (from the interpreter)
    0010b  mov rax,ADDR
    00115  mov rcx,8
    0011f  lea r11,[8]
    00126  jmp qword ptr [140h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00130  dq ADDR  ; glue: calls through jit_call, 1 in registers
    00138  dq ADDR  ; glue: stack overflow through jit_trap
    00140  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

