function main (asm, 424 bytes)
    00000  jmp 0000000000000106h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
; line 7: call
    00013  cmp r13,1
    0001a  jb 00000000000000E5h
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
    00086  jne 0000000000000101h
; line 9: ret
    0008c  mov eax,0
    00092  mov rsp,rbp
    00095  pop rbp
    00096  ret
; call g at line 13 through jit_call
    00097  add r13,2
    0009b  mov [rsp],rsi
    0009f  mov rcx,[r15+10h]
    000a3  sub rcx,r13
    000a6  add rcx,1
    000aa  mov [r15],rcx
    000ad  mov esi,1
    000b2  mov rdx,rsp
    000b5  mov rcx,100000001h
    000bf  mov rdi,[r15+30h]
    000c3  mov rax,ADDR
    000cd  push r10
    000cf  push r11
    000d1  call rax  ; jit_call
    000d3  pop r11
    000d5  pop r10
    000d7  test rdx,rdx
    000da  jne 0000000000000101h
    000e0  jmp 000000000000005Dh
; trap: stack overflow at line 7
    000e5  mov rdi,[r15+30h]
    000e9  mov esi,2
    000ee  xor edx,edx
    000f0  mov rax,ADDR
    000fa  call rax  ; jit_trap
    000fc  jmp 0000000000000101h
; unwind to the entry from the interpreter
    00101  mov rsp,[r15+28h]
    00105  ret
; external entry (from the interpreter)
    00106  push rbp
    00107  mov rbp,rsp
    0010a  push rbx
    0010b  push r12
    0010d  push r13
    0010f  push r14
    00111  push r15
    00113  mov r15,ADDR
    0011d  mov [r15+30h],rdi
    00124  push qword ptr [r15+28h]
    0012b  mov r14,8
    00135  mov r13,[r15+10h]
    0013c  sub r13,[r15]
    00143  lea rax,[181h]
    0014a  push rax
    0014b  mov [r15+28h],rsp
    00152  sub rsp,8
    00156  mov rdx,rsi
    00159  sub rsp,0
    00160  call 8
    00165  xor edx,edx
    00167  lea rsp,[rbp-30h]
    0016e  pop rcx
    0016f  mov [r15+28h],rcx
    00176  pop r15
    00178  pop r14
    0017a  pop r13
    0017c  pop r12
    0017e  pop rbx
    0017f  pop rbp
    00180  ret
    00181  lea rbp,[rsp+30h]
    00189  mov edx,1
    0018e  lea rsp,[rbp-30h]
    00195  pop rcx
    00196  mov [r15+28h],rcx
    0019d  pop r15
    0019f  pop r14
    001a1  pop r13
    001a3  pop r12
    001a5  pop rbx
    001a6  pop rbp
    001a7  ret

