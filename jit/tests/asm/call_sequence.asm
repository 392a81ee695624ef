function main (asm, 468 bytes)
    00000  jmp 0000000000000136h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
; line 7: call
    00013  cmp r13,1
    0001a  jb 0000000000000106h
    00020  mov esi,0
    00026  mov rax,ADDR
    00030  mov rax,[rax]
    00033  test rax,rax
    00036  je 00000000000000AAh
    0003c  cmp rsp,[r15+20h]
    00043  jb 00000000000000AAh
    00049  sub r13,2
    00050  jb 00000000000000A3h
    00056  add rax,8
    0005c  call rax
    0005e  add r13,2
    00065  mov rsi,rax
; line 8: print
    00068  mov rax,rsi
    0006b  mov rsi,rax
    0006e  mov rcx,1
    00078  mov rdi,r12
    0007b  mov rax,ADDR
    00085  push r10
    00087  push r11
    00089  call rax  ; jit_print
    0008b  pop r11
    0008d  pop r10
    0008f  test rdx,rdx
    00092  jne 000000000000012Eh
; line 9: ret
    00098  mov eax,0
    0009e  mov rsp,rbp
    000a1  pop rbp
    000a2  ret
; call g at line 13 through jit_call
    000a3  add r13,2
    000aa  mov [rsp],rsi
    000b2  mov rcx,[r15+10h]
    000b9  sub rcx,r13
    000bc  add rcx,1
    000c3  mov [r15],rcx
    000ca  mov rsi,1
    000d4  mov rdx,rsp
    000d7  mov rcx,100000001h
    000e1  mov rdi,r12
    000e4  mov rax,ADDR
    000ee  push r10
    000f0  push r11
    000f2  call rax  ; jit_call
    000f4  pop r11
    000f6  pop r10
    000f8  test rdx,rdx
    000fb  jne 000000000000012Eh
    00101  jmp 0000000000000065h
; trap: stack overflow at line 7
    00106  mov rdi,r12
    00109  mov rsi,2
    00113  mov rdx,0
    0011d  mov rax,ADDR
    00127  call rax  ; jit_trap
    00129  jmp 000000000000012Eh
; unwind to the entry from the interpreter
    0012e  mov rsp,[r15+28h]
    00135  ret
; external entry (from the interpreter)
    00136  push rbp
    00137  mov rbp,rsp
    0013a  push rbx
    0013b  push r12
    0013d  push r13
    0013f  push r14
    00141  push r15
    00143  mov r12,rdi
    00146  mov r15,ADDR
    00150  push qword ptr [r15+28h]
    00157  mov r14,8
    00161  mov r13,[r15+10h]
    00168  sub r13,[r15]
    0016f  lea rax,[1ADh]
    00176  push rax
    00177  mov [r15+28h],rsp
    0017e  sub rsp,8
    00182  mov rdx,rsi
    00185  sub rsp,0
    0018c  call 8
    00191  xor edx,edx
    00193  lea rsp,[rbp-30h]
    0019a  pop rcx
    0019b  mov [r15+28h],rcx
    001a2  pop r15
    001a4  pop r14
    001a6  pop r13
    001a8  pop r12
    001aa  pop rbx
    001ab  pop rbp
    001ac  ret
    001ad  lea rbp,[rsp+30h]
    001b5  mov edx,1
    001ba  lea rsp,[rbp-30h]
    001c1  pop rcx
    001c2  mov [r15+28h],rcx
    001c9  pop r15
    001cb  pop r14
    001cd  pop r13
    001cf  pop r12
    001d1  pop rbx
    001d2  pop rbp
    001d3  ret

