function main (asm, 344 bytes)
    00000  jmp 000000000000011Bh
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
    00027  je 00000000000000A2h
    0002d  nop [rax+rax]
    00036  nop [rax+rax]
    0003f  nop
; line 15: call
    00040  cmp r13,1
    00047  jb 0000000000000106h
    0004d  test rbx,rbx
    00050  je 00000000000000E6h
    00056  mov esi,0
    0005c  mov rax,ADDR
    00066  mov rax,[rax]
    00069  test rax,rax
    0006c  je 00000000000000EFh
    00072  cmp rsp,[r15+20h]
    00079  jb 00000000000000EFh
    0007f  sub r13,2
    00083  jb 00000000000000EBh
    00089  add rax,8
    0008d  call rax
    0008f  add r13,2
    00093  mov rsi,rax
; line 16: add
    00096  add r10,rsi
; line 17: sub
    00099  sub rbx,1
; line 18: jmp
; line 14: jz
    0009d  test rbx,rbx
    000a0  jne 0000000000000040h
; line 20: print
    000a2  mov rax,r10
    000a5  mov rsi,rax
    000a8  mov rcx,100000006h
    000b2  mov rdi,[r15+30h]
    000b6  mov rax,ADDR
    000c0  push r10
    000c2  push r11
    000c4  call rax  ; jit_print
    000c6  pop r11
    000c8  pop r10
    000ca  test rdx,rdx
    000cd  jne 0000000000000116h
; line 21: ret
    000d3  mov eax,0
    000d9  mov rbx,[rbp-8]
    000dd  mov r10,[rbp-10h]
    000e1  mov rsp,rbp
    000e4  pop rbp
    000e5  ret
    000e6  mov rsi,rbx
    000e9  jmp 0000000000000096h
; call f at line 7 through jit_call
    000eb  add r13,2
    000ef  xor eax,eax
    000f1  mov ecx,1
    000f6  mov edx,1
    000fb  call qword ptr [140h]  ; glue: calls through jit_call, 1 in registers
    00101  jmp 0000000000000093h
; trap: stack overflow at line 15
    00106  mov rdx,100000002h
    00110  jmp qword ptr [148h]  ; glue: stack overflow through jit_trap
; unwind to the entry from the interpreter
    00116  mov rsp,[r15+28h]
    0011a  ret
; external entry (from the interpreter)
    0011b  mov rax,ADDR
    00125  mov rcx,8
    0012f  lea r11,[8]
    00136  jmp qword ptr [150h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00140  dq ADDR  ; glue: calls through jit_call, 1 in registers
    00148  dq ADDR  ; glue: stack overflow through jit_trap
    00150  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

