function main (baseline asm, 442 bytes)
    00000  jmp 0000000000000118h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
    00013  xor eax,eax
    00015  mov [rbp-8],rax
; line 6: call
    0001c  mov rsi,1
    00023  mov rax,ADDR
    0002d  mov rax,[rax]
    00030  test rax,rax
    00033  je 00000000000000B0h
    00039  cmp rsp,[r15+20h]
    00040  jb 00000000000000B0h
    00046  sub r13,1
    0004d  jb 00000000000000A9h
    00053  add rax,8
    00059  call rax
    0005b  add r13,1
    00062  mov [rbp-8],rax
; line 7: print
    00069  mov rax,[rbp-8]
    00070  mov rsi,rax
    00073  mov rcx,1
    0007d  mov rdi,[r15+30h]
    00084  mov rax,ADDR
    0008e  push r10
    00090  push r11
    00092  call rax  ; jit_print
    00094  pop r11
    00096  pop r10
    00098  test rdx,rdx
    0009b  jne 0000000000000110h
; line 8: ret
    000a1  xor eax,eax
    000a4  mov rsp,rbp
    000a7  pop rbp
    000a8  ret
; call g at line 6 through jit_call
    000a9  add r13,1
    000b0  mov [rsp],rsi
    000b8  mov rcx,[r15+10h]
    000bf  sub rcx,r13
    000c2  add rcx,0
    000c9  mov [r15],rcx
    000d0  mov rsi,1
    000da  mov rdx,rsp
    000dd  mov rcx,0
    000e7  mov rdi,[r15+30h]
    000ee  mov rax,ADDR
    000f8  push r10
    000fa  push r11
    000fc  call rax  ; jit_call
    000fe  pop r11
    00100  pop r10
    00102  test rdx,rdx
    00105  jne 0000000000000110h
    0010b  jmp 0000000000000062h
; unwind to the entry from the interpreter
    00110  mov rsp,[r15+28h]
    00117  ret
; external entry (from the interpreter)
    00118  push rbp
    00119  mov rbp,rsp
    0011c  push rbx
    0011d  push r12
    0011f  push r13
    00121  push r14
    00123  push r15
    00125  mov r15,ADDR
    0012f  mov [r15+30h],rdi
    00136  push qword ptr [r15+28h]
    0013d  mov r14,8
    00147  mov r13,[r15+10h]
    0014e  sub r13,[r15]
    00155  lea rax,[193h]
    0015c  push rax
    0015d  mov [r15+28h],rsp
    00164  sub rsp,8
    00168  mov rdx,rsi
    0016b  sub rsp,0
    00172  call 8
    00177  xor edx,edx
    00179  lea rsp,[rbp-30h]
    00180  pop rcx
    00181  mov [r15+28h],rcx
    00188  pop r15
    0018a  pop r14
    0018c  pop r13
    0018e  pop r12
    00190  pop rbx
    00191  pop rbp
    00192  ret
    00193  lea rbp,[rsp+30h]
    0019b  mov edx,1
    001a0  lea rsp,[rbp-30h]
    001a7  pop rcx
    001a8  mov [r15+28h],rcx
    001af  pop r15
    001b1  pop r14
    001b3  pop r13
    001b5  pop r12
    001b7  pop rbx
    001b8  pop rbp
    001b9  ret

