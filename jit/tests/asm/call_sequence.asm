function main (asm, 484 bytes)
    00000  jmp 0000000000000142h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
; line 7: call
    00013  cmp r13,1
    0001a  jb 000000000000010Eh
    00020  mov esi,0
    00026  mov rax,ADDR
    00030  mov rax,[rax]
    00033  test rax,rax
    00036  je 00000000000000AEh
    0003c  cmp rsp,[r15+20h]
    00043  jb 00000000000000AEh
    00049  sub r13,2
    00050  jb 00000000000000A7h
    00056  add rax,8
    0005c  call rax
    0005e  add r13,2
    00065  mov rsi,rax
; line 8: print
    00068  mov rax,rsi
    0006b  mov rsi,rax
    0006e  mov rcx,1
    00078  mov rdi,[r15+30h]
    0007f  mov rax,ADDR
    00089  push r10
    0008b  push r11
    0008d  call rax  ; jit_print
    0008f  pop r11
    00091  pop r10
    00093  test rdx,rdx
    00096  jne 000000000000013Ah
; line 9: ret
    0009c  mov eax,0
    000a2  mov rsp,rbp
    000a5  pop rbp
    000a6  ret
; call g at line 13 through jit_call
    000a7  add r13,2
    000ae  mov [rsp],rsi
    000b6  mov rcx,[r15+10h]
    000bd  sub rcx,r13
    000c0  add rcx,1
    000c7  mov [r15],rcx
    000ce  mov rsi,1
    000d8  mov rdx,rsp
    000db  mov rcx,100000001h
    000e5  mov rdi,[r15+30h]
    000ec  mov rax,ADDR
    000f6  push r10
    000f8  push r11
    000fa  call rax  ; jit_call
    000fc  pop r11
    000fe  pop r10
    00100  test rdx,rdx
    00103  jne 000000000000013Ah
    00109  jmp 0000000000000065h
; trap: stack overflow at line 7
    0010e  mov rdi,[r15+30h]
    00115  mov rsi,2
    0011f  mov rdx,0
    00129  mov rax,ADDR
    00133  call rax  ; jit_trap
    00135  jmp 000000000000013Ah
; unwind to the entry from the interpreter
    0013a  mov rsp,[r15+28h]
    00141  ret
; external entry (from the interpreter)
    00142  push rbp
    00143  mov rbp,rsp
    00146  push rbx
    00147  push r12
    00149  push r13
    0014b  push r14
    0014d  push r15
    0014f  mov r15,ADDR
    00159  mov [r15+30h],rdi
    00160  push qword ptr [r15+28h]
    00167  mov r14,8
    00171  mov r13,[r15+10h]
    00178  sub r13,[r15]
    0017f  lea rax,[1BDh]
    00186  push rax
    00187  mov [r15+28h],rsp
    0018e  sub rsp,8
    00192  mov rdx,rsi
    00195  sub rsp,0
    0019c  call 8
    001a1  xor edx,edx
    001a3  lea rsp,[rbp-30h]
    001aa  pop rcx
    001ab  mov [r15+28h],rcx
    001b2  pop r15
    001b4  pop r14
    001b6  pop r13
    001b8  pop r12
    001ba  pop rbx
    001bb  pop rbp
    001bc  ret
    001bd  lea rbp,[rsp+30h]
    001c5  mov edx,1
    001ca  lea rsp,[rbp-30h]
    001d1  pop rcx
    001d2  mov [r15+28h],rcx
    001d9  pop r15
    001db  pop r14
    001dd  pop r13
    001df  pop r12
    001e1  pop rbx
    001e2  pop rbp
    001e3  ret

