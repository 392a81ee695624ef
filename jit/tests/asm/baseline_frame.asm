function f (baseline asm, 289 bytes)
    00000  jmp 0000000000000075h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,20h
    00013  mov [rbp-20h],rsi
    0001a  mov [rbp-18h],rdi
    00021  xor eax,eax
    00023  mov [rbp-10h],rax
    0002a  mov [rbp-8],rax
; line 8: add
    00031  mov rax,[rbp-20h]
    00038  mov rcx,[rbp-18h]
    0003f  add rax,rcx
    00042  mov [rbp-10h],rax
; line 9: add
    00049  mov rax,[rbp-10h]
    00050  mov rcx,[rbp-8]
    00057  add rax,rcx
    0005a  mov [rbp-10h],rax
; line 10: ret
    00061  mov rax,[rbp-10h]
    00068  mov rsp,rbp
    0006b  pop rbp
    0006c  ret
; unwind to the entry from the interpreter
    0006d  mov rsp,[r15+28h]
    00074  ret
; external entry (from the interpreter)
    00075  push rbp
    00076  mov rbp,rsp
    00079  push rbx
    0007a  push r12
    0007c  push r13
    0007e  push r14
    00080  push r15
    00082  mov r12,rdi
    00085  mov r15,ADDR
    0008f  push qword ptr [r15+28h]
    00096  mov r14,8
    000a0  mov r13,[r15+10h]
    000a7  sub r13,[r15]
    000ae  lea rax,[0FAh]
    000b5  push rax
    000b6  mov [r15+28h],rsp
    000bd  sub rsp,8
    000c1  mov rdx,rsi
    000c4  sub rsp,10h
    000cb  mov rsi,[rdx]
    000d2  mov rdi,[rdx+8]
    000d9  call 8
    000de  xor edx,edx
    000e0  lea rsp,[rbp-30h]
    000e7  pop rcx
    000e8  mov [r15+28h],rcx
    000ef  pop r15
    000f1  pop r14
    000f3  pop r13
    000f5  pop r12
    000f7  pop rbx
    000f8  pop rbp
    000f9  ret
    000fa  lea rbp,[rsp+30h]
    00102  mov edx,1
    00107  lea rsp,[rbp-30h]
    0010e  pop rcx
    0010f  mov [r15+28h],rcx
    00116  pop r15
    00118  pop r14
    0011a  pop r13
    0011c  pop r12
    0011e  pop rbx
    0011f  pop rbp
    00120  ret

