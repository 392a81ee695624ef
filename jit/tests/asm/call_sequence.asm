function main (asm, 430 bytes)
    00000  jmp 000000000000010Ch
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
; line 7: call
    00013  cmp r13,1
    0001a  jb 00000000000000EBh
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
    00086  jne 0000000000000107h
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
    000af  mov [rsp],rsi
    000b3  add rdx,[r15+10h]
    000ba  sub rdx,r13
    000bd  mov [r15],rdx
    000c0  mov esi,eax
    000c2  mov rdx,rsp
    000c5  mov rdi,[r15+30h]
    000c9  mov rax,ADDR
    000d3  push r10
    000d5  push r11
    000d7  call rax  ; jit_call
    000d9  pop r11
    000db  pop r10
    000dd  test rdx,rdx
    000e0  jne 0000000000000107h
    000e6  jmp 000000000000005Dh
; trap: stack overflow at line 7
    000eb  xor edx,edx
    000ed  mov rdi,[r15+30h]
    000f1  mov esi,2
    000f6  mov rax,ADDR
    00100  call rax  ; jit_trap
    00102  jmp 0000000000000107h
; unwind to the entry from the interpreter
    00107  mov rsp,[r15+28h]
    0010b  ret
; external entry (from the interpreter)
    0010c  push rbp
    0010d  mov rbp,rsp
    00110  push rbx
    00111  push r12
    00113  push r13
    00115  push r14
    00117  push r15
    00119  mov r15,ADDR
    00123  mov [r15+30h],rdi
    0012a  push qword ptr [r15+28h]
    00131  mov r14,8
    0013b  mov r13,[r15+10h]
    00142  sub r13,[r15]
    00149  lea rax,[187h]
    00150  push rax
    00151  mov [r15+28h],rsp
    00158  sub rsp,8
    0015c  mov rdx,rsi
    0015f  sub rsp,0
    00166  call 8
    0016b  xor edx,edx
    0016d  lea rsp,[rbp-30h]
    00174  pop rcx
    00175  mov [r15+28h],rcx
    0017c  pop r15
    0017e  pop r14
    00180  pop r13
    00182  pop r12
    00184  pop rbx
    00185  pop rbp
    00186  ret
    00187  lea rbp,[rsp+30h]
    0018f  mov edx,1
    00194  lea rsp,[rbp-30h]
    0019b  pop rcx
    0019c  mov [r15+28h],rcx
    001a3  pop r15
    001a5  pop r14
    001a7  pop r13
    001a9  pop r12
    001ab  pop rbx
    001ac  pop rbp
    001ad  ret

