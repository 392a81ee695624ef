function main (asm, 268 bytes)
    00000  jmp 0000000000000067h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 5: add
    00013  add rsi,5
; line 6: add
    00017  mov rcx,123456789h
    00021  add rsi,rcx
; line 7: print
    00024  mov rax,rsi
    00027  mov rsi,rax
    0002a  mov rcx,2
    00034  mov rdi,r12
    00037  mov rax,ADDR
    00041  push r10
    00043  push r11
    00045  call rax  ; jit_print
    00047  pop r11
    00049  pop r10
    0004b  test rdx,rdx
    0004e  jne 000000000000005Fh
; line 8: ret
    00054  mov eax,0
    0005a  mov rsp,rbp
    0005d  pop rbp
    0005e  ret
; unwind to the entry from the interpreter
    0005f  mov rsp,[r15+28h]
    00066  ret
; external entry (from the interpreter)
    00067  push rbp
    00068  mov rbp,rsp
    0006b  push rbx
    0006c  push r12
    0006e  push r13
    00070  push r14
    00072  push r15
    00074  mov r12,rdi
    00077  mov r15,ADDR
    00081  push qword ptr [r15+28h]
    00088  mov r14,8
    00092  mov r13,[r15+10h]
    00099  sub r13,[r15]
    000a0  lea rax,[0E5h]
    000a7  push rax
    000a8  mov [r15+28h],rsp
    000af  sub rsp,8
    000b3  mov rdx,rsi
    000b6  sub rsp,10h
    000bd  mov rsi,[rdx]
    000c4  call 8
    000c9  xor edx,edx
    000cb  lea rsp,[rbp-30h]
    000d2  pop rcx
    000d3  mov [r15+28h],rcx
    000da  pop r15
    000dc  pop r14
    000de  pop r13
    000e0  pop r12
    000e2  pop rbx
    000e3  pop rbp
    000e4  ret
    000e5  lea rbp,[rsp+30h]
    000ed  mov edx,1
    000f2  lea rsp,[rbp-30h]
    000f9  pop rcx
    000fa  mov [r15+28h],rcx
    00101  pop r15
    00103  pop r14
    00105  pop r13
    00107  pop r12
    00109  pop rbx
    0010a  pop rbp
    0010b  ret

