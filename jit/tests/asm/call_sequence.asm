function main (asm, 399 bytes)
    00000  jmp 00000000000000F1h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
; line 5: call
    00013  mov esi,1
    00019  mov rax,ADDR
    00023  mov rax,[rax]
    00026  test rax,rax
    00029  je 0000000000000095h
    0002f  cmp rsp,[r15+20h]
    00036  jb 0000000000000095h
    0003c  sub r13,1
    00043  jb 000000000000008Eh
    00049  add rax,8
    0004f  call rax
    00051  add r13,1
    00058  mov rsi,rax
; line 6: print
    0005b  mov rax,rsi
    0005e  mov rsi,rax
    00061  mov rcx,1
    0006b  mov rdi,r12
    0006e  mov rax,ADDR
    00078  call rax  ; jit_print
    0007a  test rdx,rdx
    0007d  jne 00000000000000E9h
; line 7: ret
    00083  mov eax,0
    00089  mov rsp,rbp
    0008c  pop rbp
    0008d  ret
; call g at line 5 through jit_call
    0008e  add r13,1
    00095  mov [rsp],rsi
    0009d  mov rcx,[r15+10h]
    000a4  sub rcx,r13
    000a7  add rcx,0
    000ae  mov [r15],rcx
    000b5  mov rsi,1
    000bf  mov rdx,rsp
    000c2  mov rcx,0
    000cc  mov rdi,r12
    000cf  mov rax,ADDR
    000d9  call rax  ; jit_call
    000db  test rdx,rdx
    000de  jne 00000000000000E9h
    000e4  jmp 0000000000000058h
; unwind to the entry from the interpreter
    000e9  mov rsp,[r15+28h]
    000f0  ret
; external entry (from the interpreter)
    000f1  push rbp
    000f2  mov rbp,rsp
    000f5  push rbx
    000f6  push r12
    000f8  push r13
    000fa  push r14
    000fc  push r15
    000fe  mov r12,rdi
    00101  mov r15,ADDR
    0010b  push qword ptr [r15+28h]
    00112  mov r14,8
    0011c  mov r13,[r15+10h]
    00123  sub r13,[r15]
    0012a  lea rax,[168h]
    00131  push rax
    00132  mov [r15+28h],rsp
    00139  sub rsp,8
    0013d  mov rdx,rsi
    00140  sub rsp,0
    00147  call 8
    0014c  xor edx,edx
    0014e  lea rsp,[rbp-30h]
    00155  pop rcx
    00156  mov [r15+28h],rcx
    0015d  pop r15
    0015f  pop r14
    00161  pop r13
    00163  pop r12
    00165  pop rbx
    00166  pop rbp
    00167  ret
    00168  lea rbp,[rsp+30h]
    00170  mov edx,1
    00175  lea rsp,[rbp-30h]
    0017c  pop rcx
    0017d  mov [r15+28h],rcx
    00184  pop r15
    00186  pop r14
    00188  pop r13
    0018a  pop r12
    0018c  pop rbx
    0018d  pop rbp
    0018e  ret

